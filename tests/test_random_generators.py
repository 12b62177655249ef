"""``mindspore.Generator``, the default generator and ``mint``'s random functions.

MindSpore 2.10's CPU build has no kernels for ``mint``'s random functions, so their
conventions (signatures, dtypes, shapes) come from its documentation; the numbers are
mscompat's own stream, checked here for what the API promises: a seeded generator repeats,
a restored state repeats, generators are independent of each other and of ``set_seed``."""
import numpy as np
import pytest

import mscompat as ms
from mscompat import mint


@pytest.mark.parametrize("draw", [
    lambda g: mint.rand(2, 3, generator=g),
    lambda g: mint.randn((4,), generator=g),
    lambda g: mint.randint(0, 100, (5,), generator=g),
    lambda g: mint.randperm(9, generator=g),
    lambda g: mint.normal(0.0, 2.0, (3,), generator=g),
    lambda g: mint.multinomial(ms.Tensor([0.1, 0.2, 0.7]), 2, generator=g),
    lambda g: mint.bernoulli(ms.Tensor([0.3, 0.5, 0.9]), generator=g),
    lambda g: ms.Tensor(np.zeros(4, np.float32)).uniform_(generator=g),
    lambda g: ms.Tensor(np.zeros(4, np.float32)).normal_(generator=g),
])
def test_a_seeded_generator_and_a_restored_state_repeat_their_draws(draw):
    g = ms.Generator().manual_seed(7)
    first = draw(g).asnumpy()
    second = draw(g).asnumpy()
    assert not np.array_equal(first, second) or first.size == 1 or first.max() == first.min()
    g.manual_seed(7)
    np.testing.assert_array_equal(draw(g).asnumpy(), first)
    state = g.get_state()
    after = draw(g).asnumpy()
    g.set_state(state)
    np.testing.assert_array_equal(draw(g).asnumpy(), after)


def test_generators_do_not_draw_from_each_other_or_from_the_ops_stream():
    ms.set_seed(3)
    expected = ms.ops.rand(4).asnumpy()
    ms.set_seed(3)
    g = ms.Generator().manual_seed(1)
    mint.rand(10, generator=g)
    np.testing.assert_array_equal(ms.ops.rand(4).asnumpy(), expected)
    a, b = ms.Generator().manual_seed(1), ms.Generator().manual_seed(1)
    mint.rand(3, generator=a)
    np.testing.assert_array_equal(mint.rand(3, generator=b).asnumpy(),
                                  mint.rand(3, generator=ms.Generator().manual_seed(1)).asnumpy())


def test_manual_seed_seeds_the_default_generator_and_returns_it():
    g = ms.manual_seed(12)
    assert g is ms.default_generator and ms.initial_seed() == 12
    a = mint.rand(3).asnumpy()
    ms.set_rng_state(ms.get_rng_state())
    ms.manual_seed(12)
    np.testing.assert_array_equal(mint.rand(3).asnumpy(), a)


def test_a_generator_draws_new_numbers_on_every_compiled_call():
    g = ms.Generator().manual_seed(0)

    @ms.jit
    def f():
        return mint.rand(3, generator=g)
    assert not np.array_equal(f().asnumpy(), f().asnumpy())


@pytest.mark.parametrize("fn, args, dtype, shape", [
    (mint.rand, (2, 3), ms.float32, (2, 3)),
    (mint.randn, ((2, 3),), ms.float32, (2, 3)),
    (mint.randint, (5, (4,)), ms.int64, (4,)),
    (mint.randint, (2, 5, (4,)), ms.int64, (4,)),
    (mint.randperm, (6,), ms.int64, (6,)),
    (mint.rand_like, (ms.Tensor(np.ones((2, 2), np.float16)),), ms.float16, (2, 2)),
    (mint.randn_like, (ms.Tensor(np.ones(3, np.float32)),), ms.float32, (3,)),
    (mint.randint_like, (ms.Tensor(np.ones(3, np.float32)), 4), ms.float32, (3,)),
    (mint.multinomial, (ms.Tensor([[0.5, 0.5], [0.1, 0.9]]), 1), ms.int64, (2, 1)),
    (mint.bernoulli, (ms.Tensor([0.5, 0.5]),), ms.float32, (2,)),
])
def test_mint_random_functions_have_the_documented_dtype_and_shape(fn, args, dtype, shape):
    out = fn(*args)
    assert out.dtype == dtype and out.shape == shape


def test_mint_randint_draws_in_its_range_and_randperm_is_a_permutation():
    g = ms.Generator().manual_seed(4)
    x = mint.randint(3, 7, (1000,), generator=g).asnumpy()
    assert x.min() == 3 and x.max() == 6
    assert sorted(mint.randperm(20, generator=g).asnumpy().tolist()) == list(range(20))
    with pytest.raises(ValueError, match="num_samples"):
        mint.multinomial(ms.Tensor([0.5, 0.5]), 3)


def test_set_deterministic_is_recorded_once(monkeypatch):
    from mscompat._engine import context, process_api
    monkeypatch.setattr(process_api, "_DETERMINISTIC_SET", [False])
    monkeypatch.setitem(context._state, "deterministic", "OFF")
    ms.set_deterministic(True)
    assert ms.get_context("deterministic") == "ON"
    with pytest.raises(RuntimeError, match="repeatedly"):
        ms.set_deterministic(False)
