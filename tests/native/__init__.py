"""Tests of grundy.native."""
