// zlib's inflate, for the secret scan's reading of gzip files and zip archives' deflated members
// (LectureSupport/InflatedBytes.swift): what a book copies compressed is scanned as it unpacks.
#include <zlib.h>
