/*
 * The reading page's first response has the article drawn by the server (http/web-app.ts), so its
 * text is on screen before the app has started. A tap on a word then would be lost: this keeps the
 * last one, as the paragraph it fell in and the character under it, and the reader answers it when
 * it mounts (src/routes/article/early-tap.ts sets __cdEarlyTap to null: from then on it taps itself).
 * A file of its own because the CSP allows no inline script; plain ES5, run before the text is parsed.
 */
/* global document, window */
(function () {
  'use strict';
  function caretAt(x, y) {
    if (document.caretPositionFromPoint) {
      var p = document.caretPositionFromPoint(x, y);
      return p && { node: p.offsetNode, offset: p.offset };
    }
    if (document.caretRangeFromPoint) {
      var r = document.caretRangeFromPoint(x, y);
      return r && { node: r.startContainer, offset: r.startOffset };
    }
    return null;
  }
  // Whether the point lies on the character just after or just before the caret (not the blank beside a line).
  function onText(caret, x, y) {
    var length = caret.node.data.length;
    for (var from = Math.max(0, caret.offset - 1); from <= Math.min(caret.offset, length - 1); from++) {
      var range = document.createRange();
      range.setStart(caret.node, from);
      range.setEnd(caret.node, from + 1);
      var boxes = range.getClientRects();
      for (var i = 0; i < boxes.length; i++) {
        var b = boxes[i];
        if (x >= b.left - 2 && x <= b.right + 2 && y >= b.top - 2 && y <= b.bottom + 2) return true;
      }
    }
    return false;
  }
  document.addEventListener(
    'click',
    function (event) {
      if (window.__cdEarlyTap === null) return;
      var target = event.target;
      var paragraph = target && target.closest ? target.closest('[data-pid]') : null;
      if (!paragraph || target.closest('a')) return;
      var caret = caretAt(event.clientX, event.clientY);
      if (!caret || caret.node.nodeType !== 3 || !paragraph.contains(caret.node) || !onText(caret, event.clientX, event.clientY)) return;
      var before = document.createRange();
      before.setStart(paragraph, 0);
      before.setEnd(caret.node, caret.offset);
      window.__cdEarlyTap = {
        pid: paragraph.getAttribute('data-pid'),
        text: paragraph.textContent,
        offset: before.toString().length,
      };
    },
    true,
  );
})();
