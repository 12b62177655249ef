"""``nn.probability.distribution``: Normal, Uniform, Bernoulli, Categorical - values of every
deterministic method, parameters at construction and per call, reprs, sample shapes and
dtypes (sampled values come from each framework's own generator)."""
import numpy as np

from ._registry import case


def _methods(ms, dist, value, *params):
    out = []
    for name in ("prob", "log_prob", "cdf", "log_cdf", "survival_function", "log_survival"):
        out.append(getattr(dist, name)(ms.Tensor(value), *params))
    for name in ("mean", "sd", "var", "entropy"):
        out.append(getattr(dist, name)(*params))
    return tuple(out)


@case(modes=("PYNATIVE",))
def distributions_values(ms):
    msd = ms.nn.probability.distribution
    f = np.float32
    normal = msd.Normal(3.0, 4.0, dtype=ms.float32)
    unbound = msd.Normal(dtype=ms.float32)
    uniform = msd.Uniform(0.0, 2.0)
    bern = msd.Bernoulli(0.3, dtype=ms.int32)
    cat = msd.Categorical([0.2, 0.5, 0.3], dtype=ms.int32)
    v = np.array([1.0, 2.0, 3.5], f)
    return (
        repr(normal), repr(uniform), repr(bern), repr(cat), repr(unbound),
        _methods(ms, normal, v),
        _methods(ms, unbound, v, ms.Tensor(np.array([0.0, 1.0, 2.0], f)),
                 ms.Tensor(np.array([1.0, 0.5, 2.0], f))),
        normal.kl_loss("Normal", ms.Tensor(f(1.0)), ms.Tensor(f(2.0))),
        normal.cross_entropy("Normal", ms.Tensor(f(1.0)), ms.Tensor(f(2.0))),
        _methods(ms, uniform, np.array([-0.5, 0.0, 1.0, 2.0, 2.5], f)),
        uniform.kl_loss("Uniform", ms.Tensor(f(-1.0)), ms.Tensor(f(3.0))),
        bern.prob(ms.Tensor(np.array([0, 1, 1], np.int32))), bern.mean(), bern.var(),
        bern.entropy(), bern.kl_loss("Bernoulli", ms.Tensor(f(0.6))),
        cat.prob(ms.Tensor(np.array([0, 2, 1], np.int32))), cat.entropy(),
        normal.sample((2, 3)).shape, str(bern.sample((4,)).dtype), cat.sample((5,)).shape,
        uniform.sample().shape)
