{{#include contacts-book.swift}}

