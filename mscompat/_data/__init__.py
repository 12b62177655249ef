"""The ``mindspore.dataset`` implementation on grain (see ``pipeline.py``)."""
