"""``nn.dynamic_lr``: learning-rate lists (one value per step)."""
from .learning_rate_schedule import (  # noqa: F401
    cosine_decay_lr,
    exponential_decay_lr,
    inverse_decay_lr,
    natural_exp_decay_lr,
    piecewise_constant_lr,
    polynomial_decay_lr,
    warmup_lr,
)
