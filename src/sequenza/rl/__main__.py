"""``python -m sequenza.rl`` prints the observation tensors' fields of every game (the
reference kept in ``TENSORS.md`` beside this file)."""

from sequenza.rl.encoding import tensor_reference

print(tensor_reference(), end="")
