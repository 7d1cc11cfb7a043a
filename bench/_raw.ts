import fs from "node:fs"; import os from "node:os"; import path from "node:path"; import SQLite from "better-sqlite3"; import { createHash } from "node:crypto";
const N=25600; const entries=Array.from({length:N},(_,n)=>Buffer.from(JSON.stringify({n, pad:"x".repeat(280)})));
const lh=entries.map(e=>createHash("sha256").update(e).digest());
function run(ddl:string, sqlIns:string, withHash:boolean){
 const dir=fs.mkdtempSync(path.join(os.tmpdir(),"raw-")); const db=new SQLite(path.join(dir,"r.sqlite")); db.pragma("journal_mode = WAL"); db.pragma("synchronous = FULL");
 db.exec(ddl); const ins=db.prepare(sqlIns);
 const tx=db.transaction((a:number,b:number)=>{for(let i=a;i<b;i++) withHash? ins.run(i,entries[i],lh[i],1,1): ins.run(i,entries[i]);});
 const t=performance.now(); for(let a=0;a<N;a+=256) tx(a,a+256); const s=(performance.now()-t)/1000; db.close(); fs.rmSync(dir,{recursive:true});return Math.round(N/s);}
for(let r=0;r<3;r++){
console.log("int pk", run("CREATE TABLE e (idx INTEGER PRIMARY KEY, entry BLOB NOT NULL)","INSERT INTO e VALUES (?,?)",false),
 "bigint pk 5col", run("CREATE TABLE e (idx bigint primary key, entry blob not null, leaf_hash blob not null, block_height integer not null, integrated_at bigint not null)","INSERT INTO e VALUES (?,?,?,?,?)",true),
 "int pk 5col", run("CREATE TABLE e (idx INTEGER primary key, entry blob not null, leaf_hash blob not null, block_height integer not null, integrated_at bigint not null)","INSERT INTO e VALUES (?,?,?,?,?)",true));}
