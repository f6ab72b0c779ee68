import mongoose from 'mongoose';

/** The driver's handle on the database mongoose is connected to (backup and restore work below the models). */
export function connectedDb() {
  const { db } = mongoose.connection;
  if (!db) {
    throw new Error('the database is not connected');
  }

  return db;
}
