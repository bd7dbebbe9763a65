// 导演台: live regions refreshed on Server-Sent Events, and deadline countdowns. No framework.
(function () {
  "use strict";
  var main = document.querySelector("main[data-live]");

  function fmt(s) {
    s = Math.max(0, Math.floor(s));
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    if (h) return h + "小时" + (m ? m + "分" : "");
    if (m) return m + "分" + (r ? r + "秒" : "钟");
    return r + "秒";
  }

  function tick() {
    var now = Date.now() / 1000;
    document.querySelectorAll("[data-deadline]").forEach(function (el) {
      var left = parseFloat(el.dataset.deadline) - now;
      var head = el.textContent.split("，还剩")[0];
      el.textContent = head + "，还剩 " + fmt(left);
    });
  }

  var busy = false, again = false;
  function refresh() {
    if (busy) { again = true; return; }
    busy = true;
    fetch(location.href, { credentials: "same-origin", headers: { "X-Bansha-Live": "1" } })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (!html) return;
        var doc = new DOMParser().parseFromString(html, "text/html");
        document.querySelectorAll("[data-region]").forEach(function (el) {
          var fresh = doc.querySelector('[data-region="' + el.dataset.region + '"]');
          if (fresh) el.replaceWith(document.importNode(fresh, true));
        });
        document.body.dataset.updated = String(Date.now());
        tick();
      })
      .catch(function () {})
      .then(function () {
        busy = false;
        if (again) { again = false; refresh(); }
      });
  }

  if (main && window.EventSource) {
    var source = new EventSource(main.dataset.live);
    source.addEventListener("update", refresh);
    source.addEventListener("hello", function () { document.body.dataset.live = "on"; });
  }
  setInterval(tick, 1000);
})();
