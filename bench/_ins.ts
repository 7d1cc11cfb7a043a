import SQLite from "better-sqlite3"; import { createHash } from "node:crypto";
const N=25600; const entries=Array.from({length:N},(_,n)=>Buffer.from(JSON.stringify({n, pad:"x".repeat(280)})));
const lh=entries.map(e=>createHash("sha256").update(e).digest());
const ddl="CREATE TABLE e (idx bigint primary key, entry blob not null, leaf_hash blob not null, block_height integer not null, integrated_at bigint not null)";
function a(){const db=new SQLite(":memory:");db.exec(ddl);const ins=db.prepare("INSERT INTO e VALUES (?,?,?,?,?)");
 const t=performance.now();for(let s=0;s<N;s+=256){db.exec("BEGIN");for(let i=s;i<s+256;i++)ins.run(i,entries[i],lh[i],1,1);db.exec("COMMIT");}return performance.now()-t;}
function b(){const db=new SQLite(":memory:");db.exec(ddl);const sql="INSERT INTO e VALUES "+Array(256).fill("(?,?,?,?,?)").join(",");
 const t=performance.now();for(let s=0;s<N;s+=256){db.exec("BEGIN");const p=[];for(let i=s;i<s+256;i++)p.push(i,entries[i],lh[i],1,1);db.prepare(sql).run(...p);db.exec("COMMIT");}return performance.now()-t;}
function c(){const db=new SQLite(":memory:");db.exec(ddl);const sql="INSERT INTO e VALUES "+Array(256).fill("(?,?,?,?,?)").join(",");const st=db.prepare(sql);
 const t=performance.now();for(let s=0;s<N;s+=256){db.exec("BEGIN");const p=[];for(let i=s;i<s+256;i++)p.push(i,entries[i],lh[i],1,1);st.run(p);db.exec("COMMIT");}return performance.now()-t;}
for(let r=0;r<3;r++)console.log("rowloop",a().toFixed(0),"prepare-each multi",b().toFixed(0),"cached multi",c().toFixed(0));
