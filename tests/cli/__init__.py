"""Tests of grundy.cli."""
