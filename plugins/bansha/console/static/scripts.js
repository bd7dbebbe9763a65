// 导演台 · 剧本: the editor is checked as the 导演 types (debounced POST to scripts/check), its problems listed
// with their lines, the lines marked in the gutter; an uploaded file is read into the editor. No framework.
(function () {
  "use strict";
  var form = document.getElementById("script-form");
  if (!form) return;
  var text = document.getElementById("script-text");
  var gutter = document.getElementById("script-gutter");
  var status = document.getElementById("script-status");
  var list = document.getElementById("script-problems");
  var upload = document.getElementById("script-file");
  var most = parseInt(form.dataset.max, 10) || 64000;
  var timer = null, asked = 0, bad = {}, painted = "";

  function markedFromList() {  // the problems the server rendered (a refused save) mark the gutter too
    bad = {};
    list.querySelectorAll("[data-line]").forEach(function (b) { bad[b.dataset.line] = true; });
  }

  function paint() {  // one number per line; redrawn only when the line count or the marks change
    var n = text.value.split("\n").length;
    var key = n + ":" + Object.keys(bad).join(",");
    if (key === painted) return;
    painted = key;
    var frag = document.createDocumentFragment();
    for (var i = 1; i <= n; i++) {
      var span = document.createElement("span");
      span.textContent = String(i);
      if (bad[i]) span.className = "bad";
      frag.appendChild(span);
      frag.appendChild(document.createTextNode("\n"));
    }
    gutter.replaceChildren(frag);
    gutter.scrollTop = text.scrollTop;
  }

  function show(data) {
    list.replaceChildren();
    bad = {};
    (data.problems || []).forEach(function (p) {
      var li = document.createElement("li");
      if (p.line) {
        var b = document.createElement("button");
        b.type = "button";
        b.className = "goto";
        b.dataset.line = String(p.line);
        b.textContent = "第 " + p.line + " 行";
        li.appendChild(b);
        bad[p.line] = true;
      } else {
        li.appendChild(document.createTextNode("文件"));
      }
      li.appendChild(document.createTextNode((p.field ? "（" + p.field + "）" : "") + "：" + p.text));
      list.appendChild(li);
    });
    if (data.problems && data.problems.length) {
      status.textContent = "剧本有 " + data.problems.length + " 处问题：";
      status.className = "status bad";
    } else {
      status.textContent = data.note || "合格。";
      status.className = "status " + (data.file ? "ok" : "bad");
    }
    paint();
  }

  function check() {
    var mine = ++asked;
    if (text.value.length > most) {
      show({ problems: [{ line: null, field: "", text: "剧本太长（" + text.value.length + " 字符，最多 " + most + "）。" }] });
      return;
    }
    var body = new URLSearchParams();
    body.set("csrf", form.elements.csrf.value);
    body.set("text", text.value);
    fetch(form.dataset.check, { method: "POST", body: body, credentials: "same-origin",
                                headers: { "Accept": "application/json" } })
      .then(function (r) {
        return r.json().catch(function () { return { error: "检查失败（" + r.status + "）。" }; });
      })
      .then(function (data) {
        if (mine !== asked) return;  // an older answer: the text has changed since
        if (data.error) {
          status.textContent = "没有检查：" + data.error;
          status.className = "status bad";
          return;
        }
        show(data);
      })
      .catch(function () {
        if (mine !== asked) return;
        status.textContent = "没有检查：连不上导演台，请稍后再改一下或刷新页面。";
        status.className = "status bad";
      });
  }

  function later() {
    clearTimeout(timer);
    status.textContent = "正在检查…";
    status.className = "status";
    timer = setTimeout(check, 500);
  }

  function goLine(n) {  // select line n in the editor, so the 导演 lands on the problem
    var lines = text.value.split("\n"), start = 0;
    for (var i = 0; i < n - 1 && i < lines.length; i++) start += lines[i].length + 1;
    var end = start + (lines[n - 1] || "").length;
    text.focus();
    text.setSelectionRange(start, end);
    var row = text.scrollHeight / Math.max(1, lines.length);
    text.scrollTop = Math.max(0, (n - 3) * row);
  }

  text.addEventListener("input", function () { paint(); later(); });
  text.addEventListener("scroll", function () { gutter.scrollTop = text.scrollTop; });
  list.addEventListener("click", function (e) {
    var b = e.target.closest("[data-line]");
    if (b) goLine(parseInt(b.dataset.line, 10));
  });
  if (upload) {
    upload.addEventListener("change", function () {
      var file = upload.files && upload.files[0];
      if (!file) return;
      if (file.size > most * 4) {
        status.textContent = "没有读入：文件太大（剧本最多 " + most + " 字符）。";
        status.className = "status bad";
        return;
      }
      var reader = new FileReader();
      reader.onload = function () { text.value = String(reader.result); paint(); check(); };
      reader.onerror = function () { status.textContent = "没有读入：读不出这个文件（要用 UTF-8 保存）。"; };
      reader.readAsText(file, "utf-8");
    });
  }
  markedFromList();
  paint();
  if (!list.children.length) check();  // a page the server checked already says so; else ask now
})();
