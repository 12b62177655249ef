"""Object-detection rows: ``ops.IOU``/``ops.iou``, ``BoundingBoxEncode``,
``BoundingBoxDecode``, ``NMSWithMask``, ``CheckValid`` and ``ops.make_range``, as MindSpore
2.10's CPU kernels compute them (recorded).

* ``IOU(mode)(anchor_boxes, gt_boxes)`` -> (len(gt), len(anchors)); areas count pixels
  (``x2 - x1 + 1``); ``'iof'`` divides the overlap by the ground-truth area.
* ``BoundingBoxEncode``/``Decode``: centre/size deltas with ``+1`` widths, ``(d - mean) /
  std``; decoding clips the size deltas to ``|log(wh_ratio_clip)|`` and the corners to
  ``[0, width] x [0, height]`` of ``max_shape = (height, width)``.
* ``NMSWithMask(iou_threshold)(boxes)``: boxes sorted by score (descending, stable), a box
  is dropped when its IoU (areas without ``+1``) with a kept, higher-scored box is greater
  than the threshold; returns (sorted boxes, ``0..N-1`` - the CPU kernel's indices, which
  count positions in the sorted output -, the kept mask).
* ``CheckValid(bboxes, (height, width, ratio))``: ``x1, y1 >= 0``, ``x2 <= width*ratio - 1``,
  ``y2 <= height*ratio - 1``.

Example:
    >>> import mscompat as ms
    >>> import numpy as np
    >>> a = ms.Tensor(np.array([[0, 0, 10, 10], [5, 5, 15, 15]], np.float32))
    >>> print(ms.ops.IOU()(a, a[:1]))
    [[1.         0.17475729]]
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from .op_table import REQUIRED, OpDef


def _iou(anchor_boxes, gt_boxes, *, mode="iou"):
    if mode not in ("iou", "iof"):
        raise KeyError(f"For 'IOU', the 'mode' must be 'iou' or 'iof', but got {mode}.")
    a, g = anchor_boxes[None, :, :], gt_boxes[:, None, :]
    w = jnp.maximum(jnp.minimum(a[..., 2], g[..., 2]) - jnp.maximum(a[..., 0], g[..., 0]) + 1,
                    0)
    h = jnp.maximum(jnp.minimum(a[..., 3], g[..., 3]) - jnp.maximum(a[..., 1], g[..., 1]) + 1,
                    0)
    overlap = w * h
    area_a = (a[..., 2] - a[..., 0] + 1) * (a[..., 3] - a[..., 1] + 1)
    area_g = (g[..., 2] - g[..., 0] + 1) * (g[..., 3] - g[..., 1] + 1)
    if mode == "iof":
        return overlap / area_g
    return overlap / (area_a + area_g - overlap)


def _centres(boxes):
    w = boxes[:, 2] - boxes[:, 0] + 1.0
    h = boxes[:, 3] - boxes[:, 1] + 1.0
    return boxes[:, 0] + 0.5 * (w - 1.0), boxes[:, 1] + 0.5 * (h - 1.0), w, h


def _encode(anchor_box, groundtruth_box, *, means=(0.0,) * 4, stds=(1.0,) * 4):
    px, py, pw, ph = _centres(anchor_box)
    gx, gy, gw, gh = _centres(groundtruth_box)
    deltas = jnp.stack([(gx - px) / pw, (gy - py) / ph, jnp.log(gw / pw), jnp.log(gh / ph)],
                       axis=-1)
    return (deltas - jnp.asarray(means, deltas.dtype)) / jnp.asarray(stds, deltas.dtype)


def _decode(anchor_box, deltas, *, max_shape, means=(0.0,) * 4, stds=(1.0,) * 4,
            wh_ratio_clip=0.016):
    d = deltas * jnp.asarray(stds, deltas.dtype) + jnp.asarray(means, deltas.dtype)
    limit = abs(float(np.log(wh_ratio_clip)))
    dw, dh = jnp.clip(d[:, 2], -limit, limit), jnp.clip(d[:, 3], -limit, limit)
    px, py, pw, ph = _centres(anchor_box)
    gx, gy = px + d[:, 0] * pw, py + d[:, 1] * ph
    gw, gh = pw * jnp.exp(dw), ph * jnp.exp(dh)
    height, width = max_shape[0], max_shape[1]
    x1 = jnp.clip(gx - 0.5 * (gw - 1.0), 0, width)
    y1 = jnp.clip(gy - 0.5 * (gh - 1.0), 0, height)
    x2 = jnp.clip(gx + 0.5 * (gw - 1.0), 0, width)
    y2 = jnp.clip(gy + 0.5 * (gh - 1.0), 0, height)
    return jnp.stack([x1, y1, x2, y2], axis=-1)


def _nms(bboxes, *, iou_threshold=0.5):
    order = jnp.argsort(-bboxes[:, 4], stable=True)
    boxes = bboxes[order]
    x1, y1, x2, y2 = (boxes[:, i] for i in range(4))
    area = (x2 - x1) * (y2 - y1)
    w = jnp.maximum(jnp.minimum(x2[:, None], x2[None]) - jnp.maximum(x1[:, None], x1[None]), 0)
    h = jnp.maximum(jnp.minimum(y2[:, None], y2[None]) - jnp.maximum(y1[:, None], y1[None]), 0)
    inter = w * h
    iou = inter / (area[:, None] + area[None] - inter)
    n = boxes.shape[0]

    def body(i, keep):
        suppressed = jnp.any(keep & (jnp.arange(n) < i) & (iou[i] > iou_threshold))
        return keep.at[i].set(~suppressed)
    keep = jax.lax.fori_loop(0, n, body, jnp.zeros((n,), bool))
    # MindSpore 2.10's CPU kernel returns the positions in the sorted output (0..N-1)
    return boxes, jnp.arange(n, dtype=jnp.int32), keep


def _check_valid(bboxes, img_metas):
    height, width, ratio = img_metas[0], img_metas[1], img_metas[2]
    return ((bboxes[:, 0] >= 0) & (bboxes[:, 1] >= 0) & (bboxes[:, 2] <= width * ratio - 1)
            & (bboxes[:, 3] <= height * ratio - 1))


def make_range(start, limit=None, delta=1) -> tuple:
    """``ops.make_range(start, limit=None, delta=1)``: a tuple like ``range``."""
    if limit is None:
        start, limit = 0, start
    return tuple(range(start, limit, delta))


def _bilinear_tap(img, y, x):
    """Caffe2/MindSpore's ROIAlign interpolation of (C, H, W) ``img`` at (y, x) arrays:
    zero beyond one pixel outside, clamped to the last row/column at the far edge."""
    h, w = img.shape[1:]
    outside = (y < -1.0) | (y > h) | (x < -1.0) | (x > w)
    y, x = jnp.maximum(y, 0.0), jnp.maximum(x, 0.0)
    y_low, x_low = jnp.floor(y).astype(jnp.int32), jnp.floor(x).astype(jnp.int32)
    y_edge, x_edge = y_low >= h - 1, x_low >= w - 1
    y_low, x_low = jnp.where(y_edge, h - 1, y_low), jnp.where(x_edge, w - 1, x_low)
    y_high, x_high = jnp.where(y_edge, h - 1, y_low + 1), jnp.where(x_edge, w - 1, x_low + 1)
    ly = jnp.where(y_edge, 0.0, y - y_low)
    lx = jnp.where(x_edge, 0.0, x - x_low)
    val = ((1 - ly) * (1 - lx) * img[:, y_low, x_low] + (1 - ly) * lx * img[:, y_low, x_high]
           + ly * (1 - lx) * img[:, y_high, x_low] + ly * lx * img[:, y_high, x_high])
    return jnp.where(outside, 0.0, val)


def _roi_align(features, rois, *, pooled_height, pooled_width, spatial_scale, sample_num=2,
               roi_end_mode=1):
    """``ops.ROIAlign``: each ROI (batch index, x1, y1, x2, y2) cut into pooled bins, each
    bin the mean of ``sample_num``\u00b2 bilinear samples (``sample_num=0``: the ROI size over
    the bin count, truncated, per side, as MindSpore's kernel); ``roi_end_mode=1`` moves the
    ROI's end by one pixel."""
    rois = jax.lax.stop_gradient(rois)  # MindSpore's backward: no gradient to the ROIs
    if sample_num > 0:
        grid_h = grid_w = int(sample_num)
    else:
        if isinstance(rois, jax.core.Tracer):
            raise NotImplementedError("ops.ROIAlign(sample_num=0) inside a compiled function "
                                      "is not supported by mscompat (the sample count depends "
                                      "on the ROI values).")
        r = np.asarray(rois, np.float32) * np.float32(spatial_scale)
        end = np.float32(roi_end_mode * spatial_scale)
        size_h = np.maximum(r[:, 4] + end - r[:, 2], 1.0)
        size_w = np.maximum(r[:, 3] + end - r[:, 1], 1.0)
        grid_h = max(int(np.max(np.floor(size_h / pooled_height))), 1) if len(r) else 1
        grid_w = max(int(np.max(np.floor(size_w / pooled_width))), 1) if len(r) else 1
    end = float(roi_end_mode) * spatial_scale

    def one(roi):
        img = features[roi[0].astype(jnp.int32)]
        x1, y1 = roi[1] * spatial_scale, roi[2] * spatial_scale
        roi_w = jnp.maximum(roi[3] * spatial_scale + end - x1, 1.0)
        roi_h = jnp.maximum(roi[4] * spatial_scale + end - y1, 1.0)
        bin_h, bin_w = roi_h / pooled_height, roi_w / pooled_width
        if sample_num > 0:
            gh, gw = jnp.float32(grid_h), jnp.float32(grid_w)
        else:
            # MindSpore's CPU kernel truncates (Caffe2 rounds up): a ROI smaller than its
            # bins gets no sample and a NaN mean, as there
            gh, gw = jnp.floor(roi_h / pooled_height), jnp.floor(roi_w / pooled_width)
        iy, ix = jnp.arange(grid_h, dtype=jnp.float32), jnp.arange(grid_w, dtype=jnp.float32)
        ph = jnp.arange(pooled_height, dtype=jnp.float32)
        pw = jnp.arange(pooled_width, dtype=jnp.float32)
        ys = y1 + ph[:, None] * bin_h + (iy[None, :] + 0.5) * bin_h / gh  # (PH, GH)
        xs = x1 + pw[:, None] * bin_w + (ix[None, :] + 0.5) * bin_w / gw  # (PW, GW)
        yy = jnp.broadcast_to(ys[:, None, :, None], (pooled_height, pooled_width, grid_h,
                                                    grid_w))
        xx = jnp.broadcast_to(xs[None, :, None, :], yy.shape)
        vals = _bilinear_tap(img, yy, xx)  # (C, PH, PW, GH, GW)
        keep = (iy[:, None] < gh) & (ix[None, :] < gw)
        return jnp.sum(vals * keep, axis=(-2, -1)) / (gh * gw)
    return jax.vmap(one)(rois).astype(features.dtype)


def _roi_align_op(features, rois, *, roi_end_mode=1, **attrs):
    """``ops.ROIAlign`` with MindSpore's backward: its gradient kernel always uses
    ``roi_end_mode=1`` (recorded), so with ``roi_end_mode=0`` the gradient is that of the
    mode-1 forward."""
    if roi_end_mode == 1:
        return _roi_align(features, rois, roi_end_mode=1, **attrs)

    @jax.custom_vjp
    def op(f, r):
        return _roi_align(f, r, roi_end_mode=roi_end_mode, **attrs)

    def fwd(f, r):
        return op(f, r), (f, r)

    def bwd(res, dout):
        f, r = res
        grad = jax.vjp(lambda x: _roi_align(x, r, roi_end_mode=1, **attrs), f)[1](dout)[0]
        return grad, jnp.zeros_like(r)
    op.defvjp(fwd, bwd)
    return op(features, rois)


ROWS: list[OpDef] = [
    OpDef("ROIAlign", _roi_align_op, attrs=(("pooled_height", REQUIRED), ("pooled_width", REQUIRED),
                                         ("spatial_scale", REQUIRED), ("sample_num", 2),
                                         ("roi_end_mode", 1))),
    OpDef("IOU", _iou, attrs=(("mode", "iou"),)),
    OpDef(None, None, functional=("iou",),
          functional_impl=lambda anchor_boxes, gt_boxes, mode="iou": _iou(
              anchor_boxes, gt_boxes, mode=mode)),
    OpDef("BoundingBoxEncode", _encode,
          attrs=(("means", (0.0, 0.0, 0.0, 0.0)), ("stds", (1.0, 1.0, 1.0, 1.0))),
          functional=("bounding_box_encode",),
          functional_impl=lambda anchor_box, groundtruth_box, means=(0.0,) * 4,
          stds=(1.0,) * 4: _encode(anchor_box, groundtruth_box, means=tuple(means),
                                   stds=tuple(stds))),
    OpDef("BoundingBoxDecode", _decode,
          attrs=(("max_shape", REQUIRED), ("means", (0.0, 0.0, 0.0, 0.0)),
                 ("stds", (1.0, 1.0, 1.0, 1.0)), ("wh_ratio_clip", 0.016)),
          functional=("bounding_box_decode",),
          functional_impl=lambda anchor_box, deltas, max_shape, means=(0.0,) * 4,
          stds=(1.0,) * 4, wh_ratio_clip=0.016: _decode(
              anchor_box, deltas, max_shape=tuple(max_shape), means=tuple(means),
              stds=tuple(stds), wh_ratio_clip=wh_ratio_clip)),
    OpDef("NMSWithMask", _nms, attrs=(("iou_threshold", 0.5),)),
    OpDef("CheckValid", _check_valid, functional=("check_valid",)),
    OpDef(None, None, functional=("make_range",), functional_impl=make_range,
          extra={"meta": True}),
]
