(root) => {
  // Every control a finger can press in root, and the box of the part of it a tap reaches (what
  // no other element covers), each control scrolled into the middle of the screen first. A grid
  // every 3 px finds the part; each edge is then found to the pixel along the part's middle lines.
  const STEP = 3;
  const found = [];
  const controls = [...root.querySelectorAll("button, select, input, [role=button], [role=slider]")]
    .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== "hidden");
  for (const el of controls) {
    el.scrollIntoView({ block: "center", inline: "center" });
    const r = el.getBoundingClientRect();
    const hits = (x, y) => { const hit = document.elementFromPoint(x, y); return !!hit && (hit === el || el.contains(hit)); };
    let left = Infinity, right = -Infinity, top = Infinity, bottom = -Infinity;
    for (let x = Math.ceil(r.left); x < r.right; x += STEP) for (let y = Math.ceil(r.top); y < r.bottom; y += STEP) {
      if (hits(x, y)) { left = Math.min(left, x); right = Math.max(right, x); top = Math.min(top, y); bottom = Math.max(bottom, y); }
    }
    if (left <= right) {
      const cx = Math.round((left + right) / 2), cy = Math.round((top + bottom) / 2);
      while (left > r.left && hits(left - 1, cy)) left -= 1;
      while (right + 1 < r.right && hits(right + 1, cy)) right += 1;
      while (top > r.top && hits(cx, top - 1)) top -= 1;
      while (bottom + 1 < r.bottom && hits(cx, bottom + 1)) bottom += 1;
    }
    found.push({ what: el.dataset.card || el.dataset.action && `${el.dataset.action} ${el.dataset.value || ""}`.trim()
                 || `${el.tagName.toLowerCase()} ${(el.innerText || el.value || el.getAttribute("aria-label") || "").trim().slice(0, 30)}`,
                 w: left <= right ? right - left + 1 : 0, h: top <= bottom ? bottom - top + 1 : 0 });
  }
  return found;
}
