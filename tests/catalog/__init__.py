"""Tests of grundy.catalog."""
