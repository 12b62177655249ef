"""The ``mindspore.train`` implementation: ``Model``, callbacks and metrics."""
