"""``mindspore.dataset.text``: vocabularies, ``Lookup`` and the simple string transforms.

``Vocab`` numbers words as MindSpore does (``from_list``: special tokens first or last;
``from_file``: one word per line, the part before ``delimiter``; ``vocab_size`` words at
most); ``Lookup`` maps each string of an array to its id, the unknown token's id for words
not in the vocabulary, else MindSpore's RuntimeError.

Example:
    >>> import numpy as np
    >>> from mscompat.dataset import text
    >>> vocab = text.Vocab.from_list(["a", "b"], special_tokens=["<unk>"])
    >>> text.Lookup(vocab, "<unk>")(np.array(["b", "zz"]))
    array([2, 0], dtype=int32)
"""
from __future__ import annotations

import numpy as np

from .pipeline_errors import pipeline_error as _pipeline_error
from .vision import _Op


class Vocab:
    """``text.Vocab``: words and their ids (``from_list``, ``from_dict``, ``from_file``)."""

    def __init__(self) -> None:
        self._ids: dict[str, int] = {}

    @classmethod
    def _build(cls, words, special_tokens, special_first: bool) -> Vocab:
        special = list(special_tokens or [])
        for tok in special:
            if tok in words:
                raise ValueError(f"special_tokens and word_list contain duplicate word: {tok}.")
        vocab = cls()
        order = special + list(words) if special_first else list(words) + special
        vocab._ids = {w: i for i, w in enumerate(order)}
        return vocab

    @classmethod
    def from_list(cls, word_list, special_tokens=None, special_first: bool = True) -> Vocab:
        """Ids in list order, ``special_tokens`` before (``special_first``) or after."""
        if not isinstance(word_list, list):
            raise TypeError(f"Argument word_list with value {word_list} is not of type "
                            f"[<class 'list'>], but got {type(word_list)}.")
        seen = set()
        for w in word_list:
            if w in seen:
                raise ValueError(f"word_list contains duplicate word: {w}.")
            seen.add(w)
        return cls._build(word_list, special_tokens, special_first)

    @classmethod
    def from_dict(cls, word_dict) -> Vocab:
        """The given ``{word: id}``."""
        if not isinstance(word_dict, dict):
            raise TypeError(f"Argument word_dict with value {word_dict} is not of type "
                            f"[<class 'dict'>], but got {type(word_dict)}.")
        for w, i in word_dict.items():
            if not isinstance(i, int) or i < 0:
                raise ValueError(f"word_dict's value should be a non-negative integer, but "
                                 f"got {w}: {i}.")
        vocab = cls()
        vocab._ids = dict(word_dict)
        return vocab

    @classmethod
    def from_file(cls, file_path, delimiter: str = "", vocab_size=None, special_tokens=None,
                  special_first: bool = True) -> Vocab:
        """One word per line (the text before ``delimiter``), the first ``vocab_size``."""
        words = []
        with open(file_path, encoding="utf-8") as f:
            for line in f:
                line = line.rstrip("\n").rstrip("\r")
                word = line.split(delimiter, 1)[0] if delimiter else line
                if word in words:
                    raise RuntimeError(f"from_file: word_list contains duplicate word:{word}.")
                words.append(word)
                if vocab_size is not None and len(words) >= vocab_size:
                    break
        return cls._build(words, special_tokens, special_first)

    def vocab(self) -> dict:
        return dict(self._ids)

    def tokens_to_ids(self, tokens):
        """Ids of ``tokens`` (a word or a list/array of words); -1 for unknown words."""
        if isinstance(tokens, str):
            return self._ids.get(tokens, -1)
        return [self._ids.get(str(t), -1) for t in tokens]

    def ids_to_tokens(self, ids):
        """Words of ``ids`` (an int or a list); ``''`` for unknown ids."""
        back = {i: w for w, i in self._ids.items()}
        if isinstance(ids, (int, np.integer)):
            return back.get(int(ids), "")
        return [back.get(int(i), "") for i in ids]


class Lookup(_Op):
    """``text.Lookup(vocab, unknown_token=None, data_type=mstype.int32)``."""

    def __init__(self, vocab: Vocab, unknown_token=None, data_type=None) -> None:
        from .._engine import dtypes
        if not isinstance(vocab, Vocab):
            raise TypeError(f"Argument vocab with value {vocab} is not of type [<class "
                            f"'Vocab'>], but got {type(vocab)}.")
        self.vocab, self.unknown_token = vocab, unknown_token
        self.data_type = np.dtype(dtypes.to_np(data_type if data_type is not None else
                                               dtypes.ALL["int32"]))

    def __call__(self, words):
        ids = self.vocab._ids
        if self.unknown_token is not None and self.unknown_token not in ids:
            raise RuntimeError(f"Syntax error. \n\n[ERROR] Lookup: \"{self.unknown_token}\" "
                               f"doesn't exist in vocab.")
        arr = np.asarray(words)
        unknown = ids.get(self.unknown_token) if self.unknown_token is not None else None

        def one(w):
            w = w.decode() if isinstance(w, bytes) else str(w)
            if w in ids:
                return ids[w]
            if unknown is None:
                raise _pipeline_error(f"Lookup: invalid data, token: \"{w}\" doesn't exist in "
                                      "vocab and no unknown token is specified.")
            return unknown

        out = np.array([one(w) for w in arr.reshape(-1)], self.data_type)
        return out.reshape(arr.shape)


class ToNumber(_Op):
    """``text.ToNumber(data_type)``: strings parsed as numbers of ``data_type``."""

    def __init__(self, data_type) -> None:
        from .._engine import dtypes
        self.data_type = np.dtype(dtypes.to_np(data_type))

    def __call__(self, strings):
        arr = np.asarray(strings)
        out = []
        for s in arr.reshape(-1):
            s = s.decode() if isinstance(s, bytes) else str(s)
            try:
                value = float(s) if self.data_type.kind == "f" else int(s)
            except ValueError:
                raise _pipeline_error(f"ToNumber: it is invalid to convert \"{s}\" to a "
                                      "number.") from None
            out.append(value)
        return np.array(out, self.data_type).reshape(arr.shape)


class UnicodeCharTokenizer(_Op):
    """``text.UnicodeCharTokenizer(with_offsets=False)``: one token per character (with
    byte offsets: ``(tokens, starts, ends)`` as UInt32)."""

    def __init__(self, with_offsets: bool = False) -> None:
        self.with_offsets = with_offsets

    def __call__(self, text):
        s = text.decode() if isinstance(text, bytes) else str(np.asarray(text).item())
        tokens = np.array(list(s))
        if not self.with_offsets:
            return tokens
        lengths = [len(c.encode()) for c in s]
        ends = np.cumsum(lengths).astype(np.uint32)
        return tokens, (ends - np.array(lengths, np.uint32)).astype(np.uint32), ends


class WhitespaceTokenizer(UnicodeCharTokenizer):
    """``text.WhitespaceTokenizer(with_offsets=False)``: tokens split at whitespace."""

    def __call__(self, text):
        s = text.decode() if isinstance(text, bytes) else str(np.asarray(text).item())
        words = s.split()
        if not self.with_offsets:
            return np.array(words)
        starts, pos = [], 0
        for w in words:
            at = s.index(w, pos)
            starts.append(len(s[:at].encode()))
            pos = at + len(w)
        starts = np.array(starts, np.uint32)
        ends = starts + np.array([len(w.encode()) for w in words], np.uint32)
        return np.array(words), starts, ends


class TruncateSequencePair(_Op):
    """``text.TruncateSequencePair(max_length)``: two sequences cut (the longer first) until
    their lengths sum to at most ``max_length``."""

    def __init__(self, max_length: int) -> None:
        self.max_length = max_length

    def __call__(self, first, second):
        a, b = np.asarray(first), np.asarray(second)
        la, lb = len(a), len(b)
        while la + lb > self.max_length:
            if la > lb:
                la -= 1
            else:
                lb -= 1
        return a[:la], b[:lb]


def to_str(array, encoding: str = "utf8"):
    """``text.to_str``: a bytes array decoded to a str array."""
    if not isinstance(array, np.ndarray):
        raise TypeError(f"input should be a NumPy array. Got {type(array)}.")
    return np.char.decode(array, encoding)


def to_bytes(array, encoding: str = "utf8"):
    """``text.to_bytes``: a str array encoded to a bytes array."""
    if not isinstance(array, np.ndarray):
        raise TypeError(f"input should be a NumPy array. Got {type(array)}.")
    return np.char.encode(array, encoding)
