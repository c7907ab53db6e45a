import re,sys,os
root=sys.argv[1]
tot=0;online=0;rows=[]
for d,_,fs in os.walk(root):
    for f in fs:
        if not f.endswith('.rs'): continue
        p=os.path.join(d,f); rel=os.path.relpath(p,root)
        if rel in ('states.rs','launch.rs') or f=='tests.rs': continue
        src=open(p).read()
        i=src.find('#[cfg(test)]\nmod tests {')
        if i>=0: src=src[:i]
        uses_online_mode='carrom_online::Mode' in src
        for n,l in enumerate(src.split('\n'),1):
            if l.strip().startswith('//'): continue
            for m in re.finditer(r'(?<![A-Za-z_])Mode::([A-Z]\w*)',l):
                if uses_online_mode and m.group(1) in ('Singles','Doubles'): continue
                if rel.startswith('modes/online/'): online+=1
                else: tot+=1
                rows.append(f'{rel}:{n}: {l.strip()}')
print('\n'.join(rows)); print('outside modes/online:',tot,' modes/online:',online)
