"""Tests of grundy.play."""
