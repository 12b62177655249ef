"""``nn.ASGD`` and ``nn.Rprop``: every Parameter they hold (names, dtypes, values) after
each of four steps, Float16 Parameters, parameter groups with their own learning rate, and
the constructor errors."""
import numpy as np

from ._registry import case


def _steps(ms, opt_name, dtype=np.float32, groups=False, **kwargs):
    rs = np.random.RandomState(0)
    w = ms.Parameter(ms.Tensor(rs.randn(3, 4).astype(dtype)), name="w")
    b = ms.Parameter(ms.Tensor(rs.randn(4).astype(dtype)), name="b")
    params = [{"params": [w], "lr": 0.05}, {"params": [b]}] if groups else [w, b]
    opt = getattr(ms.nn, opt_name)(params, **kwargs)
    own = [p for p in opt.get_parameters()
           if not p.name.startswith(("learning_rate", "global_step"))]
    out = [[p.name for p in own]]
    for s in range(4):
        gw = ms.Tensor((rs.randn(3, 4) * (1 if s % 2 else -1)).astype(dtype))
        gb = ms.Tensor((rs.randn(4) if s != 2 else np.zeros(4)).astype(dtype))
        opt((gw, gb))
        out.append([p.asnumpy().copy() for p in own])
    return out


@case(rtol=0, atol=0)
def asgd_state(ms):
    return _steps(ms, "ASGD", learning_rate=0.1, lambd=0.01, alpha=0.5, t0=2.0,
                  weight_decay=0.1)


@case(rtol=0, atol=0)
def asgd_float16(ms):
    return _steps(ms, "ASGD", np.float16, t0=1.0)


@case(rtol=0, atol=0)
def asgd_groups(ms):
    return _steps(ms, "ASGD", groups=True, t0=1.0)


@case(rtol=0, atol=0)
def rprop_state(ms):
    return _steps(ms, "Rprop", etas=(0.3, 1.5), step_sizes=(0.01, 0.12), weight_decay=0.05)


@case(rtol=0, atol=0)
def rprop_float16(ms):
    return _steps(ms, "Rprop", np.float16)


@case(rtol=0, atol=0)
def rprop_groups(ms):
    return _steps(ms, "Rprop", groups=True)


@case(modes=("PYNATIVE",))
def asgd_rprop_argument_errors(ms):
    params = [ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="q")]
    tries = [("Rprop", {"etas": [0.5, 1.2]}), ("Rprop", {"etas": (0.5,)}),
             ("Rprop", {"etas": (1.5, 1.2)}), ("Rprop", {"etas": (0.5, 1.0)}),
             ("Rprop", {"step_sizes": (1.0, 0.5)}), ("Rprop", {"step_sizes": [1e-6, 50.0]}),
             ("Rprop", {"etas": (0.5, 2)}), ("Rprop", {"step_sizes": (1, 50.0)}),
             ("Rprop", {"step_sizes": (1e-6, 50)}), ("ASGD", {"lambd": 1}),
             ("ASGD", {"t0": 10}), ("ASGD", {"alpha": 1}), ("ASGD", {})]
    out = []
    for name, kw in tries:
        try:
            getattr(ms.nn, name)(params, **kw)
            out.append("ok")
        except Exception as e:  # noqa: BLE001 - the class and message are the result
            out.append(f"{type(e).__name__}: {str(e).splitlines()[0]}")
    return out
