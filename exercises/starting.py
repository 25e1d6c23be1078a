"""What a pupil reads while a lesson's Python starts, on the app's pages and the website's.

Voilà and Voici show "Running 04_declarer_and_dummy..." (our file's name), then "Starting up
kernel..." and "Executing 12 of 40", in English on the Japanese pages too, and nothing more if
the start stops half way. ``script(language)`` is a script for the page, after Voilà's own
helpers, that says instead, in the page's language (a page under ``ja/`` is Japanese), that the lesson is getting ready and how far
it has got; when nothing has changed for QUIET_SECONDS it adds a sentence and a "Start again"
button (the page loaded again). The app's template (classroom/jupyter) and the website's build
(website/build.py) put it in every page.

>>> "Getting the lesson ready" in script() and "じゅんび" in script()
True
"""
from __future__ import annotations

import json

from cardlib import messages, say

QUIET_SECONDS = 60  # a start that says nothing new for this long offers Start again

SCRIPT = r"""<script>
(() => {
  const words = WORDS[/\/ja\//.test(location.pathname) ? "ja" : "en"];
  const text = () => document.getElementById("loading_text");
  let quiet = null;
  const offer = () => {
    const box = document.getElementById("loading");
    if (!box || document.getElementById("mb-start-again")) return;
    const line = document.createElement("p");
    line.setAttribute("role", "status");
    line.style.cssText = lines + "font-size:1.3em;max-width:32em;margin:1em";
    line.textContent = words.slow;
    const again = document.createElement("button");
    again.id = "mb-start-again";
    again.type = "button";
    again.style.cssText = "font-size:1.3em;min-height:48px;padding:8px 24px;border-radius:8px";
    again.textContent = words.again;
    again.onclick = () => location.reload();
    box.style.flexDirection = "column";
    box.append(line, again);
  };
  const heard = () => { clearTimeout(quiet); quiet = setTimeout(offer, QUIET_MS); };
  const voilas = window.update_loading_text;
  window.update_loading_text = (step, steps) => {
    const el = text();
    if (el) el.textContent = steps ? words.step.replace("{step}", step).replace("{steps}", steps) : words.starting;
    heard();
  };
  if (window.voila_process === voilas) window.voila_process = window.update_loading_text;  // the app's cells call it
  // a Japanese sentence breaks only after its 、 and 。 (keep-all), and never before them (strict)
  const lines = "text-align:center;word-break:keep-all;overflow-wrap:anywhere;line-break:strict;padding:0 1em;";
  if (text()) { text().style.cssText += lines; text().textContent = words.starting; }
  heard();
})();
</script>"""


LANGUAGES = ("en", "ja")


def words(language: str) -> dict[str, str]:
    """The sentences in ``language``; the step's numbers stay ``{step}`` and ``{steps}``."""
    before = messages.current_language()
    messages.set_language(language)
    try:
        return {"starting": say("ex_starting"), "step": say("ex_starting_step", step="{step}", steps="{steps}"),
                "slow": say("ex_starting_slow"), "again": say("ex_starting_again")}
    finally:
        messages.set_language(before)


def script() -> str:
    """The page's script, with the words of every language."""
    every = json.dumps({language: words(language) for language in LANGUAGES}, ensure_ascii=False)
    return SCRIPT.replace("WORDS", every.replace("</", "<\\/")).replace("QUIET_MS", str(QUIET_SECONDS * 1000))
