"""vision.SlicePatches (exact), and MixUpBatch, CutMixBatch, UniformAugment, RandAugment,
TrivialAugmentWide: dtypes, shapes and facts about the mixing (the draws are NumPy's, not
MindSpore's)."""
import numpy as np

from ._registry import case

IMG = (np.arange(5 * 7 * 3) % 256).astype(np.uint8).reshape(5, 7, 3)


@case(modes=("PYNATIVE",))
def slice_patches(ms):
    v = ms.dataset.vision
    return (v.SlicePatches(2, 3)(IMG), v.SlicePatches(2, 3, slice_mode=v.SliceMode.DROP)(IMG),
            v.SlicePatches(2, 2, fill_value=9)(IMG), v.SlicePatches()(IMG))


def _batches(ms, op, n=4):
    imgs = np.stack([np.full((8, 8, 3), i * 50, np.uint8) for i in range(n)])
    labels = np.eye(n, dtype=np.int32)
    data = ms.dataset.NumpySlicesDataset({"image": imgs, "label": labels},
                                         shuffle=False).batch(n)
    data = data.map(operations=op, input_columns=["image", "label"])
    return [row for row in data.create_dict_iterator(output_numpy=True)]


@case(modes=("PYNATIVE",))
def mixup_batch(ms):
    ms.dataset.config.set_seed(5)
    row = _batches(ms, ms.dataset.vision.MixUpBatch(1.0))[0]
    lab = row["label"]
    return (str(row["image"].dtype), row["image"].shape, str(lab.dtype), lab.shape,
            bool(np.allclose(lab.sum(1), 1.0)), int((lab > 0).sum(1).max()) <= 2,
            bool(np.allclose(np.sort(lab, 1)[:, -1], np.sort(lab, 1)[0, -1])))


@case(modes=("PYNATIVE",))
def cutmix_batch(ms):
    ms.dataset.config.set_seed(5)
    v = ms.dataset.vision
    row = _batches(ms, v.CutMixBatch(v.ImageBatchFormat.NHWC, 1.0, 1.0))[0]
    img, lab = row["image"], row["label"]
    pasted = [(img[i, :, :, 0] != i * 50).mean() for i in range(4)]
    own = [lab[i, i] for i in range(4)]
    return (str(img.dtype), img.shape, str(lab.dtype), lab.shape,
            bool(np.allclose(lab.sum(1), 1.0)),
            bool(np.allclose(1 - np.array(own), pasted, atol=1e-6)))


@case(modes=("PYNATIVE",))
def policy_augments(ms):
    v = ms.dataset.vision
    ms.dataset.config.set_seed(3)
    outs = [v.RandAugment()(IMG), v.RandAugment(3, 20)(IMG), v.TrivialAugmentWide()(IMG),
            v.UniformAugment([v.RandomHorizontalFlip(), v.Invert()], 2)(IMG)]
    return [(str(o.dtype), o.shape) for o in outs]
