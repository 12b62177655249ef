"""Dataset arguments and pipelines MindSpore refuses: the exception class and, for pipeline
errors, the ``[ERROR]`` line of MindSpore's message (a source returning another number of
columns than it names, unknown map/project/rename columns, duplicate zip columns, a map
returning too many columns, batch and shuffle sizes)."""
import numpy as np

from ._registry import case

DATA = np.arange(10).astype(np.int32)


def _rows(d):
    return [[np.asarray(c).tolist() for c in row]
            for row in d.create_tuple_iterator(output_numpy=True, num_epochs=1)]


def _gen():
    for i in range(4):
        yield (np.array([i], np.int32), np.array(i * 2.0, np.float32))


def _error_line(text: str) -> str:
    for line in text.splitlines():
        if line.startswith("[ERROR]") or line.startswith("Invalid Python function"):
            return line.strip()
    return text.splitlines()[0].strip()


@case(modes=("PYNATIVE",))
def pipeline_and_argument_errors(ms):
    ds = ms.dataset
    cases = {
        "source_width": lambda: _rows(ds.GeneratorDataset(_gen, ["a"])),
        "no_column_names": lambda: ds.GeneratorDataset(_gen),
        "map_unknown_column": lambda: _rows(ds.NumpySlicesDataset(DATA, ["x"], shuffle=False)
                                            .map(lambda x: x, input_columns=["z"])),
        "map_too_many": lambda: _rows(ds.NumpySlicesDataset(DATA, ["x"], shuffle=False)
                                      .map(lambda x: (x, x), input_columns=["x"])),
        "project_unknown": lambda: ds.NumpySlicesDataset(DATA, ["x"]).project(["q"])
        .get_col_names(),
        "rename_unknown": lambda: _rows(ds.NumpySlicesDataset({"a": DATA, "b": DATA},
                                                              shuffle=False).rename(["q"], ["c"])),
        "zip_duplicate": lambda: ds.zip((ds.NumpySlicesDataset(DATA, ["x"]),
                                         ds.NumpySlicesDataset(DATA, ["x"]))).get_col_names(),
        "batch_zero": lambda: ds.NumpySlicesDataset(DATA, ["x"]).batch(0),
        "batch_float": lambda: ds.NumpySlicesDataset(DATA, ["x"]).batch(2.0),
        "batch_minus_one": lambda: _rows(ds.NumpySlicesDataset(DATA, ["x"]).batch(-1)),
        "shuffle_one": lambda: ds.NumpySlicesDataset(DATA, ["x"]).shuffle(1),
        "shuffle_str": lambda: ds.NumpySlicesDataset(DATA, ["x"]).shuffle("a"),
        "batch_true": lambda: _rows(ds.NumpySlicesDataset(DATA[:3], ["x"], shuffle=False)
                                    .batch(True)),
        "generator_function_shards": lambda: ds.GeneratorDataset(_gen, ["x"], num_shards=2,
                                                                 shard_id=0),
    }
    out = []
    for name, run in cases.items():
        try:
            result = run()
            out.append((name, "OK", result if isinstance(result, list) else None))
        except Exception as e:  # noqa: BLE001 - the class and message are the result
            out.append((name, type(e).__name__, _error_line(str(e))))
    return out
