-- Hash functions: lower-case hexadecimal digests of a string's UTF-8 bytes or of binary data.
SELECT MD5('a') AS md5_a, SHA1('a') AS sha1_a;

SELECT SHA224('a') AS sha224_a, SHA256('a') AS sha256_a;

SELECT SHA384('a') AS sha384_a;

SELECT SHA512('a') AS sha512_a;

SELECT SHA2('abc', 224) AS sha2_224, SHA2('abc', 256) = SHA256('abc') AS sha2_256;

SELECT CHAR_LENGTH(SHA2('abc', 384)) AS len384, CHAR_LENGTH(SHA2('abc', 512)) AS len512, SHA224('') AS sha224_empty;

SELECT MD5(x'01') AS md5_bytes, SHA1(x'') AS sha1_empty_bytes;

SELECT MD5(CAST(NULL AS STRING)) AS m, SHA1(CAST(NULL AS STRING)) AS s1, SHA512(CAST(NULL AS STRING)) AS s5,
       SHA2(CAST(NULL AS STRING), 256) AS s2, SHA2('abc', CAST(NULL AS INT)) AS null_bits;

SELECT s, MD5(s) AS md5_s FROM (VALUES ('é'), (CAST(NULL AS STRING))) AS t(s);
