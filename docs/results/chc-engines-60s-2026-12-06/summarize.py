import csv,sys,collections
# usage: sumchc.py name=results.csv ...  ; z3 from /tmp/z3-*/results.csv
cols={}
for a in sys.argv[1:]:
    n,p=a.split('=',1)
    for r in csv.DictReader(open(p)):
        key=(n if n!='*' else r['config'])
        cols.setdefault(key,{})[r['task']]=(r['status'],float(r['cputime']))
z3={}
for s in ('lra-ts','lia-lin'):
    for r in csv.DictReader(open(f'/tmp/z3-{s}/results.csv')):
        z3[f"{s}/{r['file']}"]=(r['answer'],float(r['cpu_s']))
cols['z3 (earlier run)']=z3
tasks=sorted(set().union(*[set(c) for c in cols.values()]))
print('| config | lra-ts solved | lia-lin solved | CPU of solved |')
print('|---|---:|---:|---:|')
for n,c in cols.items():
    cnt=collections.Counter(); cpu=0
    for t,(st,x) in c.items():
        if t not in tasks: continue
        if st in('sat','unsat'): cnt[t.split('/')[0]]+=1; cpu+=x
    print(f"| {n} | {cnt['lra-ts']} | {cnt['lia-lin']} | {cpu:.1f} s |")
dis=0
for t in tasks:
    ans={c[t][0] for c in cols.values() if t in c and c[t][0] in('sat','unsat')}
    if len(ans)>1: dis+=1; print('DISAGREE',t,[(n,c.get(t)) for n,c in cols.items()])
print('disagreements',dis)
