"""``mindspore.dataset.text``: vocabularies, ``Lookup`` (alone and in a pipeline) and the
simple string transforms, with MindSpore's errors."""
import os
import tempfile

import numpy as np

from ._registry import case


def _vocab(ms):
    return ms.dataset.text.Vocab.from_list(["a", "b", "c"], special_tokens=["<pad>", "<unk>"],
                                           special_first=True)


def _file(lines):
    fd, path = tempfile.mkstemp(suffix=".txt")
    with os.fdopen(fd, "w") as f:
        f.write("\n".join(lines) + "\n")
    return path


@case(modes=("PYNATIVE",))
def vocab_builders(ms):
    text = ms.dataset.text
    v = _vocab(ms)
    v2 = text.Vocab.from_list(["a", "b"], special_tokens=["<unk>"], special_first=False)
    v3 = text.Vocab.from_file(_file(["hello", "world", "foo bar"]))
    v4 = text.Vocab.from_file(_file(["a,1", "b,2", "c,3"]), delimiter=",", vocab_size=2,
                              special_tokens=["<s>"])
    v5 = text.Vocab.from_dict({"x": 3, "y": 5})
    # (vocab()'s key order is MindSpore's hash map's iteration order: compared as items)
    return (sorted(v.vocab().items()), v.tokens_to_ids(["a", "zz", "<unk>"]),
            v.ids_to_tokens([0, 3, 9]), v.tokens_to_ids("c"), v.ids_to_tokens(1),
            *(sorted(w.vocab().items()) for w in (v2, v3, v4, v5)))


@case(modes=("PYNATIVE",))
def vocab_duplicate_word(ms):
    return ms.dataset.text.Vocab.from_list(["a", "a"])


@case(modes=("PYNATIVE",))
def lookup_arrays_and_pipeline(ms):
    text = ms.dataset.text
    v = _vocab(ms)
    lk = text.Lookup(v, unknown_token="<unk>")
    data = ms.dataset.NumpySlicesDataset({"t": np.array([["a", "b"], ["c", "zz"]])},
                                         shuffle=False).map(lk, input_columns="t")
    rows = [r[0] for r in data.create_tuple_iterator(output_numpy=True)]
    return (ms.Tensor(lk(np.array(["a", "c", "zz"]))), ms.Tensor(lk("b")),
            ms.Tensor(text.Lookup(v, "<unk>", ms.int64)(np.array(["a"]))),
            [ms.Tensor(r) for r in rows])


@case(modes=("PYNATIVE",))
def lookup_unknown_without_token(ms):
    return ms.dataset.text.Lookup(_vocab(ms))(np.array(["zz"]))


@case(modes=("PYNATIVE",))
def lookup_unknown_token_not_in_vocab(ms):
    return ms.dataset.text.Lookup(_vocab(ms), unknown_token="nope")(np.array(["a"]))


@case(modes=("PYNATIVE",))
def string_transforms(ms):
    text = ms.dataset.text
    pair = text.TruncateSequencePair(4)(np.array([1, 2, 3]), np.array([4, 5, 6]))
    tokens, starts, ends = text.UnicodeCharTokenizer(True)("héllo")
    ws = text.WhitespaceTokenizer()("a b  c")
    return ([ms.Tensor(p) for p in pair], ms.Tensor(text.ToNumber(ms.float32)(
        np.array(["1.5", "2"]))), ms.Tensor(text.ToNumber(ms.int32)(np.array(["1", "22"]))),
        text.UnicodeCharTokenizer()("héllo").tolist(), tokens.tolist(), ms.Tensor(starts),
        ms.Tensor(ends), ws.tolist(), text.to_str(np.array([b"ab", b"c"])).tolist(),
        [b.decode() for b in text.to_bytes(np.array(["ab"])).tolist()])


@case(modes=("PYNATIVE",))
def to_number_bad_string(ms):
    return ms.dataset.text.ToNumber(ms.int32)(np.array(["x"]))
