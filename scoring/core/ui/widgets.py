"""Widgets, labels and error lists that write Django's own HTML in a few lines of Python
instead of its templates.

A table's phone page draws some twenty radios, a select, a handful of inputs and their
labels at every load, and 40 phones load it at the start of a round. Django draws each
radio through four nested templates, each input and each label through two, and asks a
template even for an empty list of errors; that was most of the page's CPU
(docs/performance.md). What is here keeps Django's context (``get_context``: ids,
``checked``, ``required``, ``autofocus``, the attributes a field adds; ``label_tag``'s
``for`` and suffix) and replaces only the last step, the template, by the same markup:
the HTML is Django's to the character (``tests/views/core/test_forms_widgets.py`` compares
them), without option groups, which no form of the site uses.
"""

import html

from django import forms
from django.forms.utils import ErrorList
from django.utils.safestring import SafeString, mark_safe


def escaped(value) -> str:
    """Django's ``conditional_escape`` (what ``{{ value }}`` does) without its wrapper for
    lazy text: a page's widgets escape some two hundred names and values."""
    return value.__html__() if hasattr(value, "__html__") else html.escape(str(value))


def html_attrs(attrs: dict) -> str:
    """Django's ``attrs.html``: `` name="value"`` each, a bare `` name`` for ``True``,
    nothing for ``False``."""
    return "".join(
        f" {escaped(name)}" if value is True else f' {escaped(name)}="{escaped(value)}"'
        for name, value in attrs.items()
        if value is not False
    )


def input_html(widget: dict) -> str:
    """Django's ``input.html``: an ``<input>`` from a widget's (or an option's) context."""
    value = "" if widget["value"] is None else f' value="{escaped(widget["value"])}"'
    return (
        f'<input type="{escaped(widget["type"])}"'
        f' name="{escaped(widget["name"])}"{value}{html_attrs(widget["attrs"])}>'
    )


class Drawn:
    """A widget drawn by its ``draw(widget_context)`` (each subclass's) instead of its
    template."""

    def _render(self, template_name, context, renderer=None) -> SafeString:
        return mark_safe(self.draw(context["widget"]))


class DrawnInput(Drawn):
    def draw(self, widget: dict) -> str:
        return input_html(widget)


class FlatHiddenInput(DrawnInput, forms.HiddenInput):
    pass


class FlatNumberInput(DrawnInput, forms.NumberInput):
    pass


class FlatCheckboxInput(DrawnInput, forms.CheckboxInput):
    pass


class FlatRadioSelect(Drawn, forms.RadioSelect):
    """Django's ``radio.html`` (with ``multiple_input.html``, ``radio_option.html``,
    ``input_option.html``, ``input.html`` and ``attrs.html``)."""

    def draw(self, widget: dict) -> str:
        attrs = widget["attrs"]
        parts = ["<div"]
        if attrs.get("id"):
            parts.append(f' id="{escaped(attrs["id"])}"')
        if attrs.get("class"):
            parts.append(f' class="{escaped(attrs["class"])}"')
        parts.append(">")
        for _group, options, _index in widget["optgroups"]:
            for option in options:
                label_for = option["attrs"].get("id")
                label_for = f' for="{escaped(label_for)}"' if label_for else ""
                parts.append(
                    f"<div>\n    <label{label_for}>{input_html(option)}\n"
                    f" {escaped(option['label'])}</label>\n\n</div>"
                )
        parts.append("\n</div>")
        return "".join(parts)


class FirstFocusRadioSelect(FlatRadioSelect):
    """Radios whose first option takes the focus when the page opens."""

    def create_option(self, name, value, label, selected, index, *args, **kwargs):
        option = super().create_option(name, value, label, selected, index, *args, **kwargs)
        if index == 0:
            option["attrs"]["autofocus"] = True
        return option


class FlatSelect(Drawn, forms.Select):
    """Django's ``select.html`` (with ``select_option.html`` and ``attrs.html``)."""

    def draw(self, widget: dict) -> str:
        parts = [f'<select name="{escaped(widget["name"])}"']
        parts.append(f"{html_attrs(widget['attrs'])}>")
        for _group, options, _index in widget["optgroups"]:
            for option in options:
                parts.append(
                    f'\n  <option value="{escaped(option["value"])}"'
                    f"{html_attrs(option['attrs'])}>"
                    f"{escaped(option['label'])}</option>\n"
                )
        parts.append("\n</select>")
        return "".join(parts)


class QuietErrorList(ErrorList):
    """Django's list of a field's errors, which asks no template when there are none."""

    def render(self, *args, **kwargs) -> SafeString:
        return super().render(*args, **kwargs) if self else SafeString()

    __str__ = __html__ = render


class DrawnForm:
    """A form whose ``label_tag``s (Django's ``label.html``) are written here, and whose
    fields' empty error lists draw nothing (``QuietErrorList``) unless told otherwise."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("error_class", QuietErrorList)
        super().__init__(*args, **kwargs)

    def render(self, template_name=None, context=None, renderer=None) -> SafeString:
        if template_name != self.template_name_label or context is None:
            return super().render(template_name, context, renderer)
        label = escaped(context["label"])
        if not context["use_tag"]:
            return mark_safe(label)
        tag = escaped(context["tag"])
        return mark_safe(f"<{tag}{html_attrs(context['attrs'] or {})}>{label}</{tag}>")
