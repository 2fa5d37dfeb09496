// SHA-256's own functions (SHA256_Init, SHA256_Update, SHA256_Final), which OpenSSL 3 marks
// deprecated in favour of EVP but keeps: unlike EVP_MD_fetch they start no library context, so a
// run reads no openssl.cnf and loads no provider (LectureSupport/SHA256.swift).
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/sha.h>
