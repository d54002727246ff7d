import Foundation

/// The script served pages get: listens on the SSE endpoint; reloads when the page
/// (or a script or image) changed, swaps stylesheets when only CSS changed, shows
/// the problems of a failed build over the page until the next good build (or
/// until dismissed), the warnings of a good build in a panel at the bottom (once
/// dismissed, the same warnings stay hidden for the tab's session), and
/// reloads after reconnecting to a restarted server.
enum LiveReloadScript {
    static let endpoint = "/_blogbuild/live-reload"

    static let tag = """
    <script>/* blogbuild serve: live reload */(function(){if(!window.EventSource)return;\
    var broken=false,failed=false,es=new EventSource("\(endpoint)");\
    es.onerror=function(){broken=true;};\
    es.onopen=function(){if(broken){location.reload();}};\
    var overlay=null,panel=null;\
    function box(id,css,title,lines,onclose){var b=document.createElement("div");b.id=id;b.setAttribute("role","alert");\
    b.setAttribute("style",css+";z-index:2147483647;overflow:auto;margin:0;padding:1em 2em;\
    font:14px/1.5 ui-monospace,monospace;white-space:pre-wrap");\
    var x=document.createElement("button");x.type="button";x.textContent="\\u00d7";x.setAttribute("aria-label","Dismiss");\
    x.setAttribute("style","float:right;font:inherit;font-size:20px;background:none;border:0;color:inherit;cursor:pointer");\
    x.onclick=function(){b.remove();onclose();};b.appendChild(x);\
    b.appendChild(document.createTextNode(title+"\\n\\n"+lines.join("\\n")));\
    (document.body||document.documentElement).appendChild(b);return b;}\
    es.onmessage=function(e){var d;try{d=JSON.parse(e.data);}catch(x){return;}\
    if(d.errors){failed=true;if(overlay)overlay.remove();\
    overlay=box("blogbuild-error-overlay","position:fixed;inset:0;background:#2b0b0b;color:#ffecec",\
    "blogbuild: the last save did not build (still showing the last good page)",d.errors,function(){overlay=null;});return;}\
    if(failed){location.reload();return;}\
    var w=d.warnings||[],key=JSON.stringify(w),dismissed=null;if(panel){panel.remove();panel=null;}\
    try{dismissed=sessionStorage.getItem("blogbuild-dismissed");}catch(x){}\
    if(w.length&&dismissed!==key){panel=box("blogbuild-warnings",\
    "position:fixed;left:0;right:0;bottom:0;max-height:40vh;background:#3a2a00;color:#fff3cd;border-top:3px solid #f0b400",\
    "blogbuild: "+w.length+(w.length===1?" warning":" warnings")+" (publish fails on these)",w,\
    function(){panel=null;try{sessionStorage.setItem("blogbuild-dismissed",key);}catch(x){}});}\
    if(!d.changed)return;\
    var paths=d.changed,here=location.pathname;if(here.slice(-1)==="/")here+="index.html";\
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
