"""Maths as MathML, written into the page by the build: no script, no network, nothing to ship.

Sphinx's default renderer, MathJax, loads a script from a CDN, so a lab machine without a network shows raw TeX.
This renderer (``html_math_renderer = "mathml"`` in conf.py) converts each formula at build time with docutils' own
LaTeX-to-MathML converter (``docutils.utils.math.latex2mathml``: docutils is already Sphinx's dependency, so no
package is added) and writes the ``<math>`` element into the HTML, which every current browser renders natively
(MathML Core: Chromium since 109, Firefox, Safari). The formula's TeX stays in the element's ``alttext`` for
screen readers and for copying. A formula the converter does not know is a build warning (an error under ``-W``)
naming the command, and is shown as its TeX in a code span, never silently.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.utils.math import MathError
from docutils.utils.math.latex2mathml import tex2mathml
from sphinx.locale import _
from sphinx.util import logging
from sphinx.util.math import get_node_equation_number

logger = logging.getLogger(__name__)


def _mathml(translator: Any, node: nodes.Element, tex: str, block: bool) -> str:
    """``tex`` as a ``<math>`` element (display math when ``block``), or, if it cannot be converted, a warning and
    the TeX as code."""
    try:
        markup = tex2mathml(tex, as_block=block)
    except MathError as error:
        logger.warning("this formula cannot be written as MathML: %s: %s", error, tex, location=node)
        return f'<code class="docutils literal notranslate">{translator.encode(tex)}</code>'
    alttext = translator.attval(tex)
    return markup.replace("<math ", f'<math alttext="{alttext}" ', 1)


def visit_math(translator: Any, node: nodes.math) -> None:
    translator.body.append(translator.starttag(node, "span", "", CLASS="math notranslate nohighlight"))
    translator.body.append(_mathml(translator, node, node.astext(), block=False) + "</span>")
    raise nodes.SkipNode


def visit_math_block(translator: Any, node: nodes.math_block) -> None:
    translator.body.append(translator.starttag(node, "div", CLASS="math notranslate nohighlight"))
    if node["number"]:
        translator.body.append(f'<span class="eqno">({get_node_equation_number(translator, node)})')
        translator.add_permalink_ref(node, _("Link to this equation"))
        translator.body.append("</span>")
    for part in (p for p in node.astext().split("\n\n") if p.strip()):
        translator.body.append(_mathml(translator, node, part, block=True))
    translator.body.append("</div>\n")
    raise nodes.SkipNode


def setup(app: Any) -> dict[str, Any]:
    app.add_html_math_renderer("mathml", (visit_math, None), (visit_math_block, None))
    return {"parallel_read_safe": True, "parallel_write_safe": True}
