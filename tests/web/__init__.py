"""Tests of grundy.web."""
