"""MindSpore's ``.ckpt`` checkpoint format (``checkpoint.proto``) and safetensors."""
