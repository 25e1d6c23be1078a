"""A download link inside the page: the file travels in the link itself (a data: address),
so it works in JupyterLab and in Voilà alike, with no file server and nothing left behind."""
from __future__ import annotations

import base64
import html


def download_link(data: bytes, filename: str, words: str, mime: str = "application/pdf") -> str:
    """An HTML link that downloads ``data`` as ``filename`` when clicked.

    >>> download_link(b"%PDF-", "a.pdf", "Download")[:40]
    '<a download="a.pdf" href="data:applicati'
    """
    encoded = base64.b64encode(data).decode("ascii")
    return (f'<a download="{html.escape(filename)}" href="data:{mime};base64,{encoded}" '
            f'style="font-size:1.1em;font-weight:bold">⬇ {html.escape(words)}</a>')
