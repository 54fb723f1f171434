"""Tests of grundy.rules."""
