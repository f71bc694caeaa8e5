"""Private Numba kernels. They never validate and never raise: the public API checks inputs."""
