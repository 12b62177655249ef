"""mscompat's private engine: Tensors, the one functionalize (``scope``), compilation, the
PYNATIVE recorder, and the op, layer and optimizer tables. Nothing here is public API."""
