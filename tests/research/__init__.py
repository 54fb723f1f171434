"""Tests of grundy.research."""
