-- The order index the writer of layout 2 (the code of commit 231cd33, the parent of addcea8) wrote for
-- fixture-exchanges.ts's two batches, from `sqlite3 exchanges.db .dump`; with rows-bodies.sql and rows-shapes-batches.sql.
INSERT INTO exchange_batch_orders VALUES('o-1',1);
INSERT INTO exchange_batch_orders VALUES('o-1',2);
INSERT INTO exchange_batch_orders VALUES('o-2 "quoted"	',2);
