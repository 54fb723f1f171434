"""Tests of grundy.nimber."""
