"""The template tags of core: the phones' address under ``make hall``, an author in words."""
