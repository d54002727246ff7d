import Foundation

/// The script served pages get: listens on the SSE endpoint; reloads when the page
/// (or a script or image) changed, swaps stylesheets when only CSS changed, shows
/// the problems of a failed build over the page until the next good build, and
/// reloads after reconnecting to a restarted server.
enum LiveReloadScript {
    static let endpoint = "/_blogbuild/live-reload"

    static let tag = """
    <script>/* blogbuild serve: live reload */(function(){if(!window.EventSource)return;\
    var broken=false,es=new EventSource("\(endpoint)");\
    es.onerror=function(){broken=true;};\
    es.onopen=function(){if(broken){location.reload();}};\
    var overlay=null;\
    es.onmessage=function(e){var d;try{d=JSON.parse(e.data);}catch(x){return;}\
    if(d.errors){if(!overlay){overlay=document.createElement("div");overlay.id="blogbuild-error-overlay";\
    overlay.setAttribute("style","position:fixed;inset:0;z-index:2147483647;overflow:auto;margin:0;padding:2em;\
    background:#2b0b0b;color:#ffecec;font:14px/1.5 ui-monospace,monospace;white-space:pre-wrap");\
    (document.body||document.documentElement).appendChild(overlay);}\
    overlay.textContent="blogbuild: the last save did not build (still showing the last good page)\\n\\n"+d.errors.join("\\n");return;}\
    if(overlay){location.reload();return;}\
    var paths=d.changed||[],here=location.pathname;if(here.slice(-1)==="/")here+="index.html";\
    try{here=decodeURIComponent(here);}catch(x){}\
    var css=[],reload=false;paths.forEach(function(p){if(/\\.css$/.test(p))css.push(p);\
    else if(p===here||!/\\.(html|xml|json|txt)$/.test(p))reload=true;});\
    if(reload){location.reload();return;}\
    document.querySelectorAll('link[rel~="stylesheet"]').forEach(function(l){var u=new URL(l.href,location.href);\
    if(u.origin===location.origin&&css.indexOf(decodeURIComponent(u.pathname))>=0){\
    u.searchParams.set("blogbuild-reload",Date.now());l.href=u.href;}});};})();</script>
    """

    /// `html` with the script before the last `</body>` (any case), or at the end.
    static func inject(into html: [UInt8]) -> [UInt8] {
        let script = Array(tag.utf8)
        let needle = Array("</body".utf8)
        if html.count >= needle.count {
            var i = html.count - needle.count
            while i >= 0 {
                var matches = true
                for j in 0..<needle.count where Self.lower(html[i + j]) != needle[j] {
                    matches = false
                    break
                }
                if matches { return Array(html[..<i]) + script + Array(html[i...]) }
                i -= 1
            }
        }
        return html + script
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}
