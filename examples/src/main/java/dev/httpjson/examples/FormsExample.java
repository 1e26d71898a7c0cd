package dev.httpjson.examples;

import dev.httpjson.FormContent;
import dev.httpjson.HttpJson;
import dev.httpjson.HttpJsonClient;
import dev.httpjson.MultipartContent;
import dev.httpjson.interfaces.Field;
import dev.httpjson.interfaces.FormUrlEncoded;
import dev.httpjson.interfaces.GET;
import dev.httpjson.interfaces.HeaderMap;
import dev.httpjson.interfaces.Multipart;
import dev.httpjson.interfaces.POST;
import dev.httpjson.interfaces.Part;
import dev.httpjson.interfaces.QueryMap;
import dev.httpjson.interfaces.Url;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** The documentation's form and multipart examples: one-liners, a request, an interface. */
public final class FormsExample {
  record Token(String access_token, long expires_in) {}

  record FileObject(String id, long bytes) {}

  record Meta(String description) {}

  record Page(List<FileObject> data, String next) {}

  interface Files {
    @POST("oauth/token")
    @FormUrlEncoded
    Token token(@Field("grant_type") String grantType, @Field("scope") List<String> scopes)
        throws IOException, InterruptedException;

    @POST("files")
    @Multipart
    FileObject upload(
        @Part("purpose") String purpose, @Part("meta") Meta meta, @Part("file") Path file)
        throws IOException, InterruptedException;

    @GET("")
    Page page(
        @Url String next, @QueryMap Map<String, ?> query, @HeaderMap Map<String, String> headers)
        throws IOException, InterruptedException;
  }

  public static void main(String[] args) throws Exception {
    HttpClient client = HttpClient.newHttpClient();
    URI tokenUri = URI.create("https://auth.example.com/oauth/token");
    HttpJsonClient api =
        HttpJsonClient.newBuilder(client).baseUri("https://api.example.com/v1/").build();

    FormContent form =
        FormContent.newBuilder()
            .add("grant_type", "client_credentials")
            .add("scope", "files.read files.write")
            .build();
    Token token = HttpJson.postAsJson(client, tokenUri, form, Token.class);

    MultipartContent upload =
        MultipartContent.newBuilder()
            .field("purpose", "fine-tune")
            .json("meta", new Meta("training set"))
            .file("file", Path.of("train.jsonl"))
            .build();
    FileObject file = api.postAsJson("files", upload, FileObject.class);

    HttpRequest request =
        upload
            .requestBuilder("PUT", api.uri("files/" + file.id()))
            .header("Idempotency-Key", "upload-42")
            .build();
    HttpResponse<FileObject> replaced = api.exchange(request, FileObject.class);

    Files files = api.create(Files.class);
    Page first = files.page("files", Map.of("limit", 100), Map.of("X-Request-Id", "r1"));
    Page next = files.page(first.next(), Map.of("limit", 100), Map.of());
    System.out.println(token + " " + replaced.statusCode() + " " + next);
  }
}
