#!/usr/bin/env python3
"""Folders of Sources/BlogBuild that depend on each other in a circle (by the top-level
types each file names), for LayoutTests: prints each cycle with the names that make it
and exits 1; silent and 0 when there is none."""
import re,os,sys,collections
root=os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'Sources', 'BlogBuild')
decl={}
files={}
for d,_,fs in os.walk(root):
    for f in fs:
        if not f.endswith('.swift'): continue
        p=os.path.join(d,f); folder=os.path.relpath(d,root).split('/')[0]
        s=open(p).read(); files[p]=(folder,s)
        for m in re.finditer(r'^(?:public |private |fileprivate |internal |final )*(?:struct|enum|class|protocol|typealias|actor)\s+([A-Z]\w*)',s,re.M):
            decl.setdefault(m.group(1),folder)
edges=collections.defaultdict(lambda: collections.defaultdict(set))
for p,(folder,s) in files.items():
    s2=re.sub(r'//.*','',s)
    # Words in string literals are text, not types ("Site web" is French for website);
    # a literal with an interpolation is kept whole, since `\(Type.x)` names a type.
    s2=re.sub(r'"(?:[^"\\\n]|\\[^(])*"','""',s2)
    for w in set(re.findall(r'\b[A-Z]\w*\b',s2)):
        f2=decl.get(w)
        if f2 and f2!=folder: edges[folder][f2].add(w)
# cycles among folders
g={a:set(b) for a,b in edges.items()}
def sccs(g):
    idx={};low={};st=[];on=set();out=[];i=[0]
    def v(n):
        idx[n]=low[n]=i[0];i[0]+=1;st.append(n);on.add(n)
        for m in g.get(n,()):
            if m not in idx: v(m);low[n]=min(low[n],low[m])
            elif m in on: low[n]=min(low[n],idx[m])
        if low[n]==idx[n]:
            c=[]
            while True:
                m=st.pop();on.discard(m);c.append(m)
                if m==n:break
            out.append(c)
    for n in list(g):
        if n not in idx: v(n)
    return out
found=False
for c in sccs(g):
    if len(c)>1:
        found=True
        print('cycle:',sorted(c))
        for a in c:
            for b in c:
                if b in edges[a]: print('  ',a,'->',b,sorted(edges[a][b])[:8])
sys.exit(1 if found else 0)
