-- The order index the writer of layout 3 (the code of commit a3e6afd) wrote for fixture-exchanges.ts's two
-- batches, from `sqlite3 exchanges.db .dump`; with rows-bodies.sql and rows-shapes-batches.sql.
INSERT INTO exchange_orders VALUES(1,'o-1');
INSERT INTO exchange_orders VALUES(2,'o-2 "quoted"	');
INSERT INTO exchange_order_batches VALUES(1,1);
INSERT INTO exchange_order_batches VALUES(1,2);
INSERT INTO exchange_order_batches VALUES(2,2);
