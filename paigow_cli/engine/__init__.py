"""The exact engine: dealer classes and their tables, the cache, compiled kernels, the dealer's
distribution for any removed cards, and the games' push flags per class (numpy and numba)."""
