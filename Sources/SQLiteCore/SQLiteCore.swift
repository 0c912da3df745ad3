// SQLiteCore: placeholder until its issue lands.
