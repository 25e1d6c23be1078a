"""exercises: practice questions made from a seed, checked and explained with cardlib."""
