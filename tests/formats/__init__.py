"""Tests of grundy.formats."""
