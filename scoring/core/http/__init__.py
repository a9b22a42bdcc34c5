"""HTTP plumbing every page shares: who is asking and how often (``clients``, ``limits``),
who may do what (``permissions``), the hall's plain HTTP, the language and text size,
uploads and a full disk.
"""
