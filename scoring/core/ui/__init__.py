"""The bases every feature's pages and commands build on: views, forms, widgets, tables,
the QR code, the question before a change that loses work, the commands' input and
output.
"""
