"""Bansha's NoneBot plugins: the platform (bansha) and one package per game."""
