"""Tooling: compiling the engines and searches with mypyc, and using the compiled modules only while current."""
